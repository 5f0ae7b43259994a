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


class FakeSandboxedApp(object):
    """A Mac app under App Sandbox, as lload meets it: dyld maps a library only from inside its
    container, and refuses any other path with dyld 4's sandbox text."""

    def __init__(self, container_tmp, sandboxed=True):
        """An app whose NSTemporaryDirectory() is `container_tmp` (a real folder of the test)."""
        self.container_tmp = container_tmp
        self.sandboxed = sandboxed
        self.loads = []

    def load(self, path):
        """helper_library's `load`: None when mapped, else dyld's text for the refusal."""
        self.loads.append(path)
        if not self.sandboxed or path.startswith(self.container_tmp):
            return None
        return ("dlopen(%s, 0x000A): tried: '%s' (file system sandbox blocked mmap() of '%s')"
                % (path, path, path))

    def temporary_directory(self):
        """What NSTemporaryDirectory() evaluated in the app gives."""
        return self.container_tmp
