import XCTest
@testable import LayoutDebugSupport

/// How reports spell numbers: whole numbers without a fraction in frames,
/// with `.0` in constraints, and at most four decimals otherwise.
final class ReportNumberTests: XCTestCase {
    private func written(_ value: Double, decimal: Bool = false) -> String {
        var out = TextWriter()
        if decimal {
            ReportNumber.writeDecimal(value, into: &out)
        } else {
            ReportNumber.writePlain(value, into: &out)
        }
        return out.string
    }

    func test_wholeNumbers_printWithoutAFraction_orWithPointZeroInConstraints() {
        XCTAssertEqual(written(110), "110")
        XCTAssertEqual(written(-8), "-8")
        XCTAssertEqual(written(0), "0")
        XCTAssertEqual(written(8, decimal: true), "8.0")
        XCTAssertEqual(written(-20, decimal: true), "-20.0")
    }

    func test_negativeZero_printsAsZero() {
        XCTAssertEqual(written(-0.0), "0")
        XCTAssertEqual(written(-0.0, decimal: true), "0.0")
    }

    func test_largeWholeNumbers_printEveryDigit() {
        for value in [99_999_999_999.0, 100_000_000_000, 123_456_789_012, 999_999_999_999_999] {
            XCTAssertEqual(written(value), String(Int64(value)))
        }
    }

    func test_numbersWithinTheKeptDecimalsOfAWholeNumber_printAsIt() {
        XCTAssertEqual(written(2.00001), "2")
        XCTAssertEqual(written(-2.99999), "-3")
        XCTAssertEqual(written(7.00004, decimal: true), "7.0")
    }

    func test_fractions_keepAtMostFourDecimals() {
        XCTAssertEqual(written(10.5), "10.5")
        XCTAssertEqual(written(1.0 / 3.0, decimal: true), "0.3333")
        XCTAssertEqual(written(0.5, decimal: true), "0.5")
    }
}
