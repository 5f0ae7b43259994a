"""layoutdebug.explain_runner: lexplain's options for layout-explain."""

import pytest

from layoutdebug import arguments, errors, explain_runner
from layoutdebug.commands.lexplain import ExplainCommand

from fakes import parser_for


def test_explain_arguments():
    assert explain_runner.explain_arguments(False, False) == []
    assert explain_runner.explain_arguments(True, True) == ["--summary", "--json"]
    assert explain_runner.explain_arguments(False, False, ["App", "Kit"]) == [
        "--app-module", "App", "--app-module", "Kit"]
    args = arguments.parse_command(parser_for(ExplainCommand), "--summary ~/log.txt")
    assert args.summary and args.file == "~/log.txt" and not args.json


def test_a_failed_run_names_the_tool_once(tmp_path):
    """layout-explain prefixes its errors with its name; lexplain's error says it once
    (issue 32: `lexplain: layout-explain failed: layout-explain: …`)."""
    tool = tmp_path / "layout-explain"
    tool.write_text("#!/bin/sh\necho 'layout-explain: no conflict in the input' >&2\nexit 1\n")
    tool.chmod(0o755)
    with pytest.raises(errors.LayoutDebugError) as raised:
        explain_runner.run_explain(str(tool), [], "nothing\n")
    assert str(raised.value) == "layout-explain failed: no conflict in the input"
