"""Stand-ins for LLDB objects in the unit tests (no LLDB), and a command's parser made as LLDB makes it."""


class FakeDebugger(object):
    """A debugger with an id, as session_for keys its sessions."""

    def __init__(self, identifier):
        """A valid debugger whose GetID() is `identifier`."""
        self.identifier = identifier

    def GetID(self):
        """The debugger's id."""
        return self.identifier

    def IsValid(self):
        """Always valid."""
        return True


def parser_for(command_class):
    """The argparse parser of a command, made as LLDB makes the command (no debugger)."""
    return command_class(None, {}).parser
