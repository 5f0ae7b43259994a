"""The expression timeout: parsed from lsettings or $LAYOUT_DEBUG_TIMEOUT, and shown (no LLDB)."""

from argparse import ArgumentTypeError

from .arguments import SECONDS
from .constants import DEFAULT_TIMEOUT, TIMEOUT_ENV
from .errors import UsageError


def parse_timeout(text):
    """The timeout in seconds from lsettings' text; a UsageError unless 0 < s <= 3600."""
    try:
        return SECONDS(text)
    except ArgumentTypeError as error:
        raise UsageError("timeout: %s" % error)


def default_timeout(environ):
    """The timeout a session starts with: $LAYOUT_DEBUG_TIMEOUT when valid, else 5 s."""
    text = environ.get(TIMEOUT_ENV)
    if not text:
        return DEFAULT_TIMEOUT
    try:
        return parse_timeout(text)
    except UsageError:
        return DEFAULT_TIMEOUT


def format_seconds(value):
    """Seconds as lsettings shows them: `5 s`, `0.5 s`."""
    if value == int(value):
        return "%d s" % value
    return "%g s" % value
