"""The user's object argument made an address: a hex number, #N (a constraint of the last
conflict report), a register, a $N result or an expression evaluated in the frame's language
(then as C), and the value decoded."""

from .errors import LayoutDebugError
from .expression_errors import classify_expression_error, describe_expression_failure
from .lldb_api import lldb
from .object_arguments import check_address, classify_object_argument


def resolve_object(ctx, text):
    """The address `text` names in ctx's frame, checked; a LayoutDebugError otherwise."""
    kind, payload = classify_object_argument(text)
    if kind == "address":
        return check_address(payload, text)
    if kind == "report number":
        # Its address is remembered in the process (LastConflictReport), which answers
        # with one `error:` line when the report has no such constraint.
        return check_address(int(ctx.call_report("lds_report_number", str(payload)).strip(), 16), text)
    if kind == "dollar":
        register = ctx.frame.FindRegister(payload[1:])
        if register is not None and register.IsValid():
            error = lldb.SBError()
            address = register.GetValueAsUnsigned(error, 0)
            if error.Success():
                return check_address(address, text)
    return check_address(evaluate_pointer(ctx, text), text)


def evaluate_pointer(ctx, text):
    """Evaluates the user's expression in the frame's language, for a pointer.

    When this LLDB has no plugin for the frame's language (Swift under a
    stock LLDB) or the text is C, it is evaluated again as C.
    """
    what = "evaluating '%s'" % text
    timeout = ctx.session.timeout
    value = ctx.evaluate(text)
    if value.GetError().Success():
        return pointer_from_value(value, text)
    frame_text = value.GetError().GetCString()
    frame_kind, _ = classify_expression_error(frame_text, ctx.elapsed, timeout)
    if frame_kind in ("timeout", "stopped"):
        raise LayoutDebugError(describe_expression_failure(frame_text, timeout, what, ctx.elapsed))
    fallback = ctx.evaluate(text, lldb.eLanguageTypeC)
    if fallback.GetError().Success():
        return pointer_from_value(fallback, text)
    c_text = fallback.GetError().GetCString()
    c_kind, _ = classify_expression_error(c_text, ctx.elapsed, timeout)
    if c_kind in ("timeout", "stopped") or frame_kind == "unsupported":
        message = describe_expression_failure(c_text, timeout, what, ctx.elapsed)
        if frame_kind == "unsupported" and c_kind == "failed":
            message += " (this LLDB cannot evaluate the frame's language: give an address, " \
                       "$arg1, a register or $N)"
        raise LayoutDebugError(message)
    raise LayoutDebugError(describe_expression_failure(frame_text, timeout, what))


def pointer_from_value(value, text):
    """The address an expression's value holds.

    C pointers and integers give their value. Anything else pointer-sized
    (a Swift class reference, `UIView?`, `UnsafeMutableRawPointer?`) gives its
    raw bits: Swift's LLDB reports an Optional's value as "some", and its
    GetValueAsUnsigned is not the payload.
    """
    value_type = value.GetType().GetCanonicalType()
    floating = (lldb.eBasicTypeFloat, lldb.eBasicTypeDouble, lldb.eBasicTypeLongDouble, lldb.eBasicTypeHalf)
    if value_type.IsValid() and value_type.GetBasicType() in floating:
        raise LayoutDebugError("'%s' is not a pointer (type %s)" % (text, value.GetTypeName() or "unknown"))
    scalar_classes = (lldb.eTypeClassBuiltin, lldb.eTypeClassObjCObjectPointer, lldb.eTypeClassBlockPointer)
    if value_type.IsValid() and (value_type.IsPointerType() or value_type.GetTypeClass() in scalar_classes):
        error = lldb.SBError()
        address = value.GetValueAsUnsigned(error, 0)
        if error.Success():
            return address
    size = value.GetByteSize()
    if size in (4, 8):
        error = lldb.SBError()
        data = value.GetData()
        address = data.GetUnsignedInt64(error, 0) if size == 8 else data.GetUnsignedInt32(error, 0)
        if error.Success():
            return address
    raise LayoutDebugError("'%s' is not a pointer (type %s)" % (text, value.GetTypeName() or "unknown"))
