"""Command-line parsing: argparse that raises instead of exiting (no LLDB)."""

import argparse
import shlex

from .errors import HelpRequested, UsageError


class CommandParser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of printing and exiting."""

    def error(self, message):
        """argparse's error: a UsageError instead of a message and exit(2)."""
        raise UsageError(message)

    def exit(self, status=0, message=None):
        """argparse's exit: a UsageError on failure, else HelpRequested (after -h)."""
        if status:
            raise UsageError((message or "invalid arguments").strip())
        raise HelpRequested(self.format_help())

    def print_help(self, file=None):
        """The help as HelpRequested, for the command to print as its output."""
        raise HelpRequested(self.format_help())

    def print_usage(self, file=None):
        """The usage line as HelpRequested, for the command to print as its output."""
        raise HelpRequested(self.format_usage())


def make_parser(prog, description, epilog):
    """A CommandParser for a command: its name, description and examples, as written."""
    return CommandParser(
        prog=prog,
        description=description,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def split_command(command):
    """Splits a command line like a shell does; an unterminated quote is a UsageError."""
    try:
        return shlex.split(command or "")
    except ValueError as error:
        text = str(error)
        if "quotation" in text.lower():
            raise UsageError("unterminated quote in: %s" % (command or "").strip())
        raise UsageError(text)


def parse_command(parser, command):
    """Parses a command line: options may come before or after the positionals."""
    words = split_command(command)
    try:
        if not any(word.startswith("-") for word in words):
            # No option to intermix: a plain parse gives the same answer and the same
            # errors, without parse_intermixed_args's two passes and the usage text it
            # formats on every call (0.1 ms of each `lreport 0x...`).
            return parser.parse_args(words)
        return parser.parse_intermixed_args(words)
    except (UsageError, HelpRequested):
        raise
    except SystemExit as exit_:  # Defensive: argparse must never end LLDB.
        raise UsageError("invalid arguments (status %s)" % exit_.code)


def join_words(words):
    """Joins the words of an expression argument back into one expression."""
    return " ".join(words).strip()
