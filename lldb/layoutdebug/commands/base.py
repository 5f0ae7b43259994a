"""What every command shares, in the shape of LLDB's examples/python/cmdtemplate.py: a class
LLDB instantiates once and calls per use, with its name, help and parser in one place.

A command module subclasses Command, sets the metadata, adds its options and defines
run(debugger, args, exe_ctx). The call, the parse and the one-line error live here, once.
"""

from ..arguments import make_parser, parse_command
from ..errors import HelpRequested, LayoutDebugError, UsageError
from ..expression_errors import first_line
from ..lldb_api import lldb

VIEW_HELP = ("a hex address (0x7fc82aba1210), $arg1 or any register, a $N result, "
             "or an expression in the frame's language (self.view)")
# A command that takes a constraint as well takes #N, constraint N of the last conflict report
# (object_arguments reads it for every command; for a view it names no view).
OBJECT_HELP = ("a hex address (0x7fc82aba1210), #N (constraint N of the last conflict report), "
               "$arg1 or any register, a $N result, or an expression in the frame's language "
               "(self.view)")


def process_flags():
    """LLDB's flags for a command that needs a launched, stopped process (0 without LLDB)."""
    if lldb is None:
        return 0
    return lldb.eCommandRequiresProcess | lldb.eCommandProcessMustBeLaunched | \
        lldb.eCommandProcessMustBePaused


def command_target(exe_ctx):
    """The command's target, or a LayoutDebugError saying how to make one."""
    target = exe_ctx.GetTarget() if exe_ctx is not None else None
    if target is None or not target.IsValid():
        raise LayoutDebugError("no target: create one with `target create <app>` first")
    return target


def target_flags():
    """LLDB's flags for a command that needs a target (0 without LLDB)."""
    return 0 if lldb is None else lldb.eCommandRequiresTarget


class Command(object):
    """Base of every command: registration, parsing, error handling, help.

    A subclass sets the metadata below and defines run(debugger, args, exe_ctx),
    which returns the command's output text or raises LayoutDebugError."""

    name = ""
    short_help = ""
    description = ""
    examples = ""
    flags = 0

    @classmethod
    def register(cls, debugger, module_name):
        """Adds the command to LLDB as `<module_name>.<class name>`, where LLDB finds the class."""
        debugger.HandleCommand("command script add -o -c %s.%s %s" % (module_name, cls.__name__, cls.name))

    def __init__(self, debugger, internal_dict):
        """Builds the parser once; LLDB makes one instance per debugger."""
        self.parser = make_parser(self.name, self.description, self.examples)
        self.add_arguments(self.parser)

    def add_arguments(self, parser):
        """Adds the command's options and positionals to its argparse parser (none by default)."""

    def get_short_help(self):
        """The one line `help` lists."""
        return self.short_help

    def get_long_help(self):
        """`help <command>`: usage, description, options and examples."""
        return self.parser.format_help()

    def get_flags(self):
        """What LLDB must check before the call (a target, a stopped process)."""
        return self.flags

    def run(self, debugger, args, exe_ctx):
        """The command's work: its output text, or a LayoutDebugError."""
        raise NotImplementedError(self.name)

    def __call__(self, debugger, command, exe_ctx, result):
        """LLDB's entry: parse, run, and print the output or set one line of error. Never raises."""
        try:
            args = parse_command(self.parser, command)
            output = self.run(debugger, args, exe_ctx)
            if output:
                result.AppendMessage(output.rstrip("\n"))
            result.SetStatus(lldb.eReturnStatusSuccessFinishResult)
        except HelpRequested as help_text:
            result.AppendMessage(str(help_text).rstrip("\n"))
            result.SetStatus(lldb.eReturnStatusSuccessFinishResult)
        except UsageError as error:
            result.SetError("%s: %s (see `help %s`)" % (self.name, error, self.name))
        except LayoutDebugError as error:
            result.SetError("%s: %s" % (self.name, error))
        except SystemExit as exit_:
            result.SetError("%s: invalid arguments (status %s)" % (self.name, exit_.code))
        except Exception as error:  # noqa: BLE001 - never show a traceback
            result.SetError("%s: internal error: %s: %s" % (self.name, type(error).__name__,
                                                             first_line(str(error))))
