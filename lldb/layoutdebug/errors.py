"""The exceptions every layer raises; a command turns them into one line of error (no LLDB)."""


class LayoutDebugError(Exception):
    """A failure reported to the user as one line through result.SetError."""


class UsageError(LayoutDebugError):
    """Bad command-line input."""


class HelpRequested(Exception):
    """`-h`/`--help` was given: the text is the help, printed as output."""
