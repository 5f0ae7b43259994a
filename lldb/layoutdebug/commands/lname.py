"""lname: a nametag on a view or constraint, shown by later reports."""

from ..c_expressions import c_pointer, c_string_literal
from ..evaluation import Context
from ..object_pointers import resolve_object
from .base import OBJECT_HELP, Command, process_flags


class NameCommand(Command):
    """Gives an object a name through lds_set_name (an empty name clears it)."""

    name = "lname"
    short_help = "Give a view or constraint a name that later reports show."
    description = (
        "Sets a nametag on a view, a layout guide or a constraint. Reports then print\n"
        "a view as <HeaderView:0x...>, and a constraint's line with the name where\n"
        "UIKit prints an identifier: 0x... @1000 <UIView:0x...>.width == 768.0 'Wide'.\n"
        "An empty name (\"\") clears it. Quote an object expression that has spaces.")
    examples = (
        "examples:\n"
        "  lname 0x7fc82aba1210 HeaderView\n"
        "  lname self.view Root\n"
        "  lname #4 Wide                  constraint 4 of the last conflict report\n"
        "  lname 0x7fc82aba1210 \"\"        clear the name")
    flags = process_flags()

    def add_arguments(self, parser):
        """The options and positionals of lname."""
        parser.add_argument("object", help=OBJECT_HELP)
        parser.add_argument("nametag", metavar="name", help="the name to show in reports")

    def run(self, debugger, args, exe_ctx):
        """Resolves the object, then one lds_set_name call."""
        ctx = Context(debugger, exe_ctx)
        address = resolve_object(ctx, args.object)
        text = ctx.call_report("lds_set_name", c_pointer(address), c_string_literal(args.nametag))
        return text or ("Named 0x%x %s" % (address, args.nametag))
