import XCTest

/// The profile and title screens. The title's layout is what a change to the app touches in
/// the demo's "one scenario changed" run: `DEMO_APP_TITLE_SCENARIO` names the scenario it
/// builds instead of `duplicate-leading`.
final class ScreenTests: DemoAppTestCase {
    func testProfileCard() throws { try layOut("property-names") }

    func testTitleLayout() throws {
        try layOut(ProcessInfo.processInfo.environment["DEMO_APP_TITLE_SCENARIO"] ?? "duplicate-leading")
    }

    func testCleanFeed() throws { try layOut("profile-feed", count: 50) }
}
