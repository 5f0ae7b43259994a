"""layoutdebug.explain_runner: lexplain's options for layout-explain."""

from layoutdebug import arguments, explain_runner
from layoutdebug.commands.lexplain import ExplainCommand

from fakes import parser_for


def test_explain_arguments():
    assert explain_runner.explain_arguments(False, False) == []
    assert explain_runner.explain_arguments(True, True) == ["--summary", "--json"]
    assert explain_runner.explain_arguments(False, False, ["App", "Kit"]) == [
        "--app-module", "App", "--app-module", "Kit"]
    args = arguments.parse_command(parser_for(ExplainCommand), "--summary ~/log.txt")
    assert args.summary and args.file == "~/log.txt" and not args.json
