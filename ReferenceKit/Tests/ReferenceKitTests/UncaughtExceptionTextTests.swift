import XCTest
@testable import ReferenceKit

/// An uncaught exception's console text, laid out as Apple platforms print it.
final class UncaughtExceptionTextTests: XCTestCase {
    func test_aFrame_isLaidOutAsApplesThrowStack() {
        // LiveWallpaperMacOS#35's first frame: "0   CoreFoundation" then the address at column 40.
        XCTAssertEqual(UncaughtExceptionText.frameLine(image: "CoreFoundation", address: 0x0000_0001_8904_0770,
                                                       symbol: "__exceptionPreprocess", offset: 176),
                       "CoreFoundation                      0x0000000189040770 __exceptionPreprocess + 176")
        // The unsymbolicated form Tests/Fixtures/loops/SOURCES.md cites: the image's load address and the offset.
        XCTAssertEqual(UncaughtExceptionText.frameLine(image: "MyApp", address: 0x1_0009_9cb4, symbol: "0x100094000",
                                                       offset: 23732),
                       "MyApp                               0x0000000100099cb4 0x100094000 + 23732")
    }

    func test_theLog_isTheReasonTheStackInParenthesesAndLibcxxabisLine() {
        let exception = ObjCException(name: "NSGenericException", reason: "Degenerate layout!")
        let text = UncaughtExceptionText.log(exception, throwStack: ["A", "B"])
        XCTAssertEqual(text, "*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Degenerate layout!'\n"
            + "*** First throw call stack:\n(\n\t0   A\n\t1   B\n)\n"
            + "libc++abi.dylib: terminating with uncaught exception of type NSException\n")
    }
}
