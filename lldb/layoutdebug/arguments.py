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


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """The description and examples as written; an object argument shown as the one it is."""

    def _format_args(self, action, default_metavar):
        """`object` (or `[view]`) for an argument whose words make one expression, where argparse
        would show `object [object ...]`."""
        if isinstance(action, OneExpression):
            name = self._metavar_formatter(action, default_metavar)(1)[0]
            return name if action.nargs == "+" else "[%s]" % name
        return super(HelpFormatter, self)._format_args(action, default_metavar)


def make_parser(prog, description, epilog):
    """A CommandParser for a command: its name, description and examples, as written."""
    return CommandParser(
        prog=prog,
        description=description,
        epilog=epilog,
        formatter_class=HelpFormatter,
    )


class OneExpression(argparse.Action):
    """Every word left over joined into one object expression (`[self view]`, `a.b[0]`): the
    command takes one object, which may have spaces."""

    def __call__(self, parser, namespace, values, option_string=None):
        """Stores the words as one string ("" when none was given)."""
        setattr(namespace, self.dest, join_words(values if isinstance(values, list) else [values]))


def add_object_argument(parser, name, help_text, optional=False):
    """The one object a command takes, as `name`: its words joined into one expression, "" when
    `optional` and none was given."""
    parser.add_argument(name, nargs="*" if optional else "+", action=OneExpression, default="",
                        help=help_text)


def number_in(low, high, whole=False, above_low=False, unit=""):
    """An argparse `type` for a numeric option: a finite number from `low` to `high` (more
    than `low` with `above_low`), a whole one when `whole`; anything else raises one line that
    states the range. Its `range_text` states it for the option's help."""

    def read(text):
        """The number `text` gives, inside the range."""
        try:
            value = int(text, 10) if whole else float(text)
        except (TypeError, ValueError):
            raise argparse.ArgumentTypeError("'%s' is not %s" % (text, "a whole number" if whole else "a number"))
        below = value <= low if above_low else value < low
        if value != value or below or value > high:  # NaN compares false with every bound
            raise argparse.ArgumentTypeError("'%s' is out of range: %s" % (
                text, describe_range(low, high, whole, above_low, unit)))
        return value

    read.__name__ = "number"  # argparse names the type in its own messages
    read.range_text = describe_range(low, high, whole, above_low, unit)
    return read


def describe_range(low, high, whole=False, above_low=False, unit=""):
    """`a number from 1 to 1000`, `more than 0 and at most 3600 seconds`."""
    if above_low:
        return "more than %s and at most %s%s" % (_plain(low), _plain(high), unit)
    return "%s from %s to %s%s" % ("a whole number" if whole else "a number", _plain(low), _plain(high), unit)


def _plain(value):
    """A bound as a user types it: 1000000, 0.5, -1000000."""
    return "%d" % value if float(value).is_integer() else "%g" % value


# Every numeric option's range, in one place.
# A priority, as UILayoutPriority takes it: 1 to required.
PRIORITY = number_in(1, 1000)
# A constant in points. The solver tells zero from not-zero at 1e-8, and a double's rounding is
# 2.2e-16 of its value: at a million points that is 2.2e-10, well inside the tolerance (1e308
# was taken, and the report printed `+ inf.0`).
CONSTANT = number_in(-1e6, 1e6, unit=" points")
# A place in a report's numbered list (`--suggestion N`, `#N`), counted from 1 as the report
# counts; at most what lds_report_number's unsigned 32-bit argument holds.
COUNT = number_in(1, 2 ** 32 - 1, whole=True)
# The expression timeout.
SECONDS = number_in(0, 3600, above_low=True, unit=" seconds")


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
