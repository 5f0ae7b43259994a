"""layoutdebug.process_facts: what the commands keep about one run of a process, and when they
stop trusting it (no LLDB: a stand-in process counts its stops)."""

from layoutdebug import process_facts


class FakeProcess(object):
    """A process as facts_for and the thread choice see it: an id, a pid and a stop count."""

    def __init__(self, unique_id, pid):
        self.unique_id = unique_id
        self.pid = pid
        self.stops = 1  # every stop, expressions' included, as GetStopID(True) counts them

    def GetUniqueID(self):
        return self.unique_id

    def GetProcessID(self):
        return self.pid

    def GetStopID(self, include_expression_stops=False):
        assert include_expression_stops, "an expression of the user's may move the threads too"
        return self.stops

    def run_an_expression(self):
        self.stops += 1


def test_the_thread_calls_go_to_is_kept_until_the_process_runs():
    process = FakeProcess(1, 4242)
    facts = process_facts.facts_for(process)
    facts.keep_report_thread(process, thread_id=7, call_thread_id=1)
    assert facts.report_thread(process, 7) == 1
    assert facts.report_thread(process, 8) is None, "decided for thread 7 only"
    process.run_an_expression()  # `expr` of the user's, or a continue and a stop
    assert facts.report_thread(process, 7) is None


def test_a_call_that_ran_alone_on_its_thread_keeps_the_choice_at_the_stop_it_ended_in():
    process = FakeProcess(2, 4243)
    facts = process_facts.facts_for(process)
    facts.keep_report_thread(process, thread_id=7, call_thread_id=7)
    process.run_an_expression()  # our own call
    facts.stopped_after_call(process, only_its_thread=True)
    assert facts.report_thread(process, 7) == 7


def test_a_call_that_let_every_thread_run_drops_the_choice():
    process = FakeProcess(3, 4244)
    facts = process_facts.facts_for(process)
    facts.keep_report_thread(process, thread_id=7, call_thread_id=1)
    process.run_an_expression()  # our call, past its one-thread timeout: the main thread may have left its wait
    facts.stopped_after_call(process, only_its_thread=False)
    assert facts.report_thread(process, 7) is None


def test_a_relaunched_process_starts_from_no_facts():
    first = FakeProcess(4, 4245)
    facts = process_facts.facts_for(first)
    facts.keep_report_thread(first, thread_id=7, call_thread_id=7)
    facts.entries["lds_report"] = 0x1000
    again = FakeProcess(5, 4245)  # the same pid can come back in a later run
    fresh = process_facts.facts_for(again)
    assert fresh is not facts and fresh.entries == {} and fresh.report_thread(again, 7) is None
    assert process_facts.facts_for(first) is facts
