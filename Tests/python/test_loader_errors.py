"""layoutdebug.loader_errors: one line for a failed load, and its hint.

The dyld messages are real ones, as users reported them (the loaded file's name
differs; the loader's text does not):
- SWIFTUIFX_TEAM_IDS: github.com/finnvoor/SwiftUIFX/issues/2 (macOS, dyld 4), cut after
  its second place tried;
- INJECTION_LIBRARY_VALIDATION: github.com/johnno1962/InjectionIII/issues/178 (macOS 10.15,
  dyld 3), without the " ***" the reporting tool added;
- INJECTION_DEVICE_UNSIGNED: github.com/johnno1962/InjectionIII/issues/491 (iOS device, dyld 4);
- LOOKIN_DEVICE_INVALID: github.com/masterKing/LookinLoader2/issues/1 (iOS device, dyld 4);
- APP2DYLIB_DEVICE_BLOCKED: github.com/tobefuturer/app2dylib/issues/12 (iOS device, dyld 3);
- JSONC_SANDBOX_BLOCKED: github.com/json-c/json-c/issues/710 (dyld 3), its first place tried;
  SANDBOX_BLOCKED is the same reason in dyld 4's `tried:` form, at the Mac install path.
"""

from layoutdebug import loader_errors
from triples import CATALYST, DEVICE, LINUX, MAC, SIMULATOR

SWIFTUIFX_TEAM_IDS = (
    "dlopen(/Users/finnvoorhees/Downloads/SwiftUIFXTest/.build/debug/libSwiftUIFXTest.dylib, 0x0006): "
    "tried: '/Users/finnvoorhees/Downloads/SwiftUIFXTest/.build/debug/libSwiftUIFXTest.dylib' "
    "(code signature in <B5B9A245-57BA-39C7-AAB3-5F77209D44B8> "
    "'/Users/finnvoorhees/Downloads/SwiftUIFXTest/.build/arm64-apple-macosx/debug/libSwiftUIFXTest.dylib' "
    "not valid for use in process: mapping process and mapped file (non-platform) have different Team IDs), "
    "'/System/Volumes/Preboot/Cryptexes/OS/Users/finnvoorhees/Downloads/SwiftUIFXTest/.build/debug/"
    "libSwiftUIFXTest.dylib' (no such file)")

INJECTION_LIBRARY_VALIDATION = (
    "dlopen(/Users/nico/Library/Containers/com.johnholdsworth.InjectionIII/Data/eval109.dylib, 2): "
    "no suitable image found.  Did find:\n"
    "\t/Users/nico/Library/Containers/com.johnholdsworth.InjectionIII/Data/eval109.dylib: code signature in "
    "(/Users/nico/Library/Containers/com.johnholdsworth.InjectionIII/Data/eval109.dylib) not valid for use "
    "in process using Library Validation: library load disallowed by system policy")

INJECTION_DEVICE_UNSIGNED = (
    "dlopen(/private/var/mobile/Containers/Data/Application/2979CC53-B549-4569-B644-E5C0D36BBB02/tmp/"
    "eval110.dylib, 0x0002): tried: '/usr/lib/system/introspection/eval110.dylib' (no such file, not in dyld "
    "cache), '/private/var/mobile/Containers/Data/Application/2979CC53-B549-4569-B644-E5C0D36BBB02/tmp/"
    "eval110.dylib' (code signature in <0D786BDC-8C76-3027-B281-D2075855E0C5> '/private/var/mobile/Containers/"
    "Data/Application/2979CC53-B549-4569-B644-E5C0D36BBB02/tmp/eval110.dylib' not valid for use in process: "
    "mapped file has no cdhash, completely unsigned? Code has to be at least ad-hoc signed.), "
    "'/private/preboot/Cryptexes/OS/private/var/mobile/Containers/Data/Application/"
    "2979CC53-B549-4569-B644-E5C0D36BBB02/tmp/eval110.dylib' (no such file), '/private/var/mobile/Containers/"
    "Data/Application/2979CC53-B549-4569-B644-E5C0D36BBB02/tmp/eval110.dylib' (code signature in "
    "<0D786BDC-8C76-3027-B281-D2075855E0C5> '/private/var/mobile/Containers/Data/Application/"
    "2979CC53-B549-4569-B644-E5C0D36BBB02/tmp/eval110.dylib' not valid for use in process: mapped file has "
    "no cdhash, completely unsigned? Code has to be at least ad-hoc signed.)")

LOOKIN_DEVICE_INVALID = (
    "dlopen(/private/preboot/21640DDDE6CAFA57BE11B9F98E7E1CC2D62F5DDB8B7EAF541C487F4672B220923A1718DCD8A90AB0"
    "CC964AE4B133FAC4/dopamine-nSrZZ8/procursus/Library/Frameworks/LookinServer.framework/LookinServer, "
    "0x0002): tried: '/private/preboot/21640DDDE6CAFA57BE11B9F98E7E1CC2D62F5DDB8B7EAF541C487F4672B220923A1718"
    "DCD8A90AB0CC964AE4B133FAC4/dopamine-nSrZZ8/procursus/Library/Frameworks/LookinServer.framework/"
    "LookinServer' (code signature invalid (errno=1) sliceOffset=0x00000000, codeBlobOffset=0x000D0D80, "
    "codeBlobSize=0x00007360 for '/private/preboot/21640DDDE6CAFA57BE11B9F98E7E1CC2D62F5DDB8B7EAF541C487F4672"
    "B220923A1718DCD8A90AB0CC964AE4B133FAC4/dopamine-nSrZZ8/procursus/Library/Frameworks/LookinServer."
    "framework/LookinServer'), '/System/Library/Frameworks/LookinServer.framework/LookinServer' (no such file)")

APP2DYLIB_DEVICE_BLOCKED = (
    "dlopen(/var/containers/Bundle/Application/1FBBA8F0-0374-4FEF-80A4-31BDF107B80D/testdylib.app/"
    "mzmallApp_arm64.dylib, 2): no suitable image found.  Did find:\n"
    "\t/var/containers/Bundle/Application/1FBBA8F0-0374-4FEF-80A4-31BDF107B80D/testdylib.app/"
    "mzmallApp_arm64.dylib: code signing blocked mmap() of '/var/containers/Bundle/Application/"
    "1FBBA8F0-0374-4FEF-80A4-31BDF107B80D/testdylib.app/mzmallApp_arm64.dylib'")

JSONC_SANDBOX_BLOCKED = (
    "dlopen(/var/mobile/proj/json-c-json-c-0.15-20200726/libjson-c.5.dylib, 2): no suitable image found.  "
    "Did find:\n"
    "\t/var/mobile/proj/json-c-json-c-0.15-20200726/libjson-c.5.dylib: file system sandbox blocked mmap() of "
    "'/var/mobile/proj/json-c-json-c-0.15-20200726/libjson-c.5.dylib'")

MAC_PATH = "/Users/me/.lldb/layout-debug/macosx/libLayoutDebugSupport.dylib"

SANDBOX_BLOCKED = (
    "dlopen(" + MAC_PATH + ", 0x000A): tried: '" + MAC_PATH + "' (file system sandbox blocked mmap() of '"
    + MAC_PATH + "'), '/System/Volumes/Preboot/Cryptexes/OS" + MAC_PATH + "' (no such file)")
DEVICE_PATH = "/private/var/containers/Bundle/Application/0A1B/MyApp.app/Frameworks/libLayoutDebugSupport.dylib"


def test_a_hardened_mac_app_refusing_another_team_gets_the_team_hint():
    # LLDB puts "dlopen error: " before dyld's text.
    message = loader_errors.load_failure_message(MAC_PATH, "dlopen error: " + SWIFTUIFX_TEAM_IDS, MAC)
    assert message == (
        "could not load " + MAC_PATH + ": code signature not valid for use in process: mapping process and "
        "mapped file (non-platform) have different Team IDs (" + loader_errors.HARDENED_HINT + ")")
    assert "\n" not in message


def test_library_validation_in_the_older_dyld_text_gets_the_team_hint_too():
    message = loader_errors.load_failure_message(MAC_PATH, INJECTION_LIBRARY_VALIDATION, MAC)
    assert message == (
        "could not load " + MAC_PATH + ": code signature not valid for use in process using Library "
        "Validation: library load disallowed by system policy (" + loader_errors.HARDENED_HINT + ")")
    catalyst = loader_errors.load_failure_message(MAC_PATH, INJECTION_LIBRARY_VALIDATION, CATALYST)
    assert catalyst.endswith("(" + loader_errors.HARDENED_HINT + ")")


def test_the_team_hint_names_the_two_ways_out():
    assert "./install.sh --sign" in loader_errors.HARDENED_HINT
    assert "link LayoutDebugSupport into the app's debug build" in loader_errors.HARDENED_HINT


def test_an_unsigned_library_on_a_device_skips_the_missing_places_and_gets_the_device_hint():
    message = loader_errors.load_failure_message(DEVICE_PATH, INJECTION_DEVICE_UNSIGNED, DEVICE)
    assert message == (
        "could not load " + DEVICE_PATH + ": code signature not valid for use in process: mapped file has no "
        "cdhash, completely unsigned? Code has to be at least ad-hoc signed. (" + loader_errors.DEVICE_HINT + ")")


def test_an_invalid_signature_on_a_device_keeps_dyld_s_nested_parentheses():
    assert loader_errors.loader_reason(DEVICE_PATH, LOOKIN_DEVICE_INVALID) == (
        "code signature invalid (errno=1) sliceOffset=0x00000000, codeBlobOffset=0x000D0D80, "
        "codeBlobSize=0x00007360")
    assert loader_errors.load_hint(LOOKIN_DEVICE_INVALID, DEVICE) == loader_errors.DEVICE_HINT


def test_blocked_mmap_on_a_device_in_the_older_dyld_text():
    assert loader_errors.loader_reason(DEVICE_PATH, APP2DYLIB_DEVICE_BLOCKED) == "code signing blocked mmap()"
    assert loader_errors.load_hint(APP2DYLIB_DEVICE_BLOCKED, DEVICE) == loader_errors.DEVICE_HINT


def test_the_device_hint_says_sign_embed_or_link():
    hint = loader_errors.DEVICE_HINT
    assert "./install.sh --sign" in hint and "Embed & Sign" in hint and "iphoneos/" in hint
    assert "libCassowary.dylib" in hint and "link LayoutDebugSupport into the debug build" in hint


def test_a_missing_file_on_a_device_still_gets_the_device_hint():
    text = "dlopen(" + DEVICE_PATH + ", 0x000A): tried: '" + DEVICE_PATH + "' (no such file)"
    message = loader_errors.load_failure_message(DEVICE_PATH, text, DEVICE)
    assert message == "could not load %s: no such file (%s)" % (DEVICE_PATH, loader_errors.DEVICE_HINT)


def test_no_hint_where_signing_is_not_the_reason_or_not_enforced():
    assert loader_errors.load_hint("dlopen error: dlopen(/x.dylib, 10): image not found", MAC) is None
    assert loader_errors.load_hint(SWIFTUIFX_TEAM_IDS, SIMULATOR) is None
    assert loader_errors.load_hint("cannot open shared object file", LINUX) is None
    assert loader_errors.load_failure_message("/p/lib.so", "cannot open", LINUX) == "could not load /p/lib.so: cannot open"


def test_a_linux_loader_error_loses_the_path_lldb_cut_short():
    assert loader_errors.clean_loader_error("/tmp/notalib.so", "dlopen error: alib.so: file too short") == \
        "dlopen: file too short"
    assert loader_errors.clean_loader_error("/a/lib.so", "dlopen error: /a/lib.so: cannot open shared object file") == \
        "dlopen: cannot open shared object file"
    assert loader_errors.clean_loader_error("/a/lib.so", "image not found") == "image not found"
    assert loader_errors.clean_loader_error("/a/lib.so", "") == "unknown loader error"
    assert loader_errors.loader_reason("/tmp/notalib.so", "dlopen error: alib.so: file too short\nmore") == \
        "dlopen: file too short"


def test_a_sandboxed_mac_app_refusing_the_file_says_sandbox_in_one_line():
    message = loader_errors.load_failure_message(MAC_PATH, "dlopen error: " + SANDBOX_BLOCKED, MAC)
    assert message == ("could not load " + MAC_PATH + ": file system sandbox blocked mmap() ("
                       + loader_errors.SANDBOX_HINT + ")")
    assert "\n" not in message
    older = loader_errors.load_failure_message(MAC_PATH, JSONC_SANDBOX_BLOCKED, CATALYST)
    assert older == ("could not load " + MAC_PATH + ": file system sandbox blocked mmap() ("
                     + loader_errors.SANDBOX_HINT + ")")


def test_an_eperm_from_dyld_is_worded_as_the_sandbox():
    text = "dlopen(" + MAC_PATH + ", 0x000A): tried: '" + MAC_PATH + "' (stat() failed with errno=1)"
    message = loader_errors.load_failure_message(MAC_PATH, text, MAC)
    assert message == ("could not load " + MAC_PATH + ": the app's sandbox refused it (stat() failed with "
                       "errno=1) (" + loader_errors.SANDBOX_HINT + ")")


def test_only_a_mac_or_catalyst_sandbox_refusal_is_worth_a_copy_into_the_app():
    assert loader_errors.may_copy_into_sandbox(MAC, SANDBOX_BLOCKED)
    assert loader_errors.may_copy_into_sandbox(CATALYST, JSONC_SANDBOX_BLOCKED)
    assert not loader_errors.may_copy_into_sandbox(MAC, SWIFTUIFX_TEAM_IDS), "a signing refusal: copying changes nothing"
    assert not loader_errors.may_copy_into_sandbox(DEVICE, JSONC_SANDBOX_BLOCKED), "a device loads from the app bundle"
    assert not loader_errors.may_copy_into_sandbox(LINUX, "failed to map segment from shared object: "
                                                          "Operation not permitted")


def test_a_noexec_mount_on_linux_is_not_called_a_sandbox():
    text = "dlopen error: /mnt/x/lib.so: failed to map segment from shared object: Operation not permitted"
    message = loader_errors.load_failure_message("/mnt/x/lib.so", text, LINUX)
    assert "sandbox" not in message
    assert message == "could not load /mnt/x/lib.so: dlopen: failed to map segment from shared object: " \
                      "Operation not permitted"


def test_the_sandbox_hint_names_the_two_ways_out():
    assert "link LayoutDebugSupport into the app's debug build" in loader_errors.SANDBOX_HINT
    assert "App Sandbox off" in loader_errors.SANDBOX_HINT


def test_a_failed_copy_into_the_app_says_both_why_and_stays_one_line():
    message = loader_errors.sandbox_copy_failure_message(
        MAC_PATH, SANDBOX_BLOCKED, MAC, OSError(13, "Permission denied"))
    assert message == ("could not load " + MAC_PATH + ": the app's sandbox refused it (file system sandbox "
                       "blocked mmap()), and copying it into the app's temporary folder failed: [Errno 13] "
                       "Permission denied (" + loader_errors.SANDBOX_HINT + ")")


def test_an_ios_app_on_a_mac_gets_the_mac_hints_not_the_device_hint():
    # "Designed for iPad": the device's triple, but the app runs here, under App Sandbox.
    text = "dlopen error: " + SANDBOX_BLOCKED
    assert loader_errors.load_hint(text, DEVICE) == loader_errors.DEVICE_HINT
    assert loader_errors.load_hint(text, DEVICE, on_mac=True) == loader_errors.SANDBOX_HINT
    assert loader_errors.may_copy_into_sandbox(DEVICE, text, on_mac=True)
    assert loader_errors.load_hint(SWIFTUIFX_TEAM_IDS, DEVICE, on_mac=True) == loader_errors.HARDENED_HINT
