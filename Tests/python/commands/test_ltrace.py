"""commands/ltrace.py: ltrace's optional view."""

from layoutdebug import arguments
from layoutdebug.commands.ltrace import TraceCommand

from fakes import parser_for


def test_trace_view_is_optional():
    args = arguments.parse_command(parser_for(TraceCommand), "")
    assert args.view == ""
