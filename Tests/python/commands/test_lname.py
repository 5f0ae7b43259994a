"""commands/lname.py: lname's object and name."""

from layoutdebug import arguments
from layoutdebug.commands.lname import NameCommand

from fakes import parser_for


def test_name_takes_object_and_quoted_name():
    args = arguments.parse_command(parser_for(NameCommand), "0x10 'Header View'")
    assert args.object == "0x10" and args.nametag == "Header View"
