// swift-tools-version:6.0
// 6.0, not 5.9: the code uses typed throws and Swift 6.0 standard-library API
// (`Optional.take()`, typed-throws `Result`), so Xcode 16 (Swift 6.0) or later is
// needed, and saying 5.9 would let Xcode 15 start a build that cannot finish. Since
// April 2025 the App Store takes only apps built with Xcode 16 or later, so in 2026
// every user who ships has it. The code is still compiled in the Swift 5 language
// mode, as before: the move to Swift 6's strict concurrency checking is its own step.
import Foundation
import PackageDescription

// The Apple platforms the package is checked on (scripts/apple-sdk-check.sh type-checks
// each against a real SDK). tvOS and visionOS are left out until they are checked too.
let applePlatforms: [Platform] = [.macOS, .iOS, .macCatalyst]

// LAYOUT_DEBUG_RACE_CHECKS=1 (test.sh's dedicated build, in a build path of its own): the library
// and its tests with the actor-isolation checks Swift 6 makes at run time, so that code entered
// main-actor isolated on another thread (the debugger's, a background layout's) traps in a test.
// ReferenceKit stands for UIKit, which has no such checks, and is built without them. Never set
// for an app's build: SwiftPM refuses unsafe flags in a dependency.
let raceChecks: [SwiftSetting] = ProcessInfo.processInfo.environment["LAYOUT_DEBUG_RACE_CHECKS"] == "1"
    ? [.unsafeFlags(["-Xfrontend", "-enable-actor-data-race-checks"])] : []

let package = Package(
    name: "LayoutDebug",
    // The lowest versions the code needs, so that an app that still ships to them can
    // depend on LayoutLintXCTest and load the debugger's library:
    // - `String(unsafeUninitializedCapacity:initializingUTF8With:)`, on the report and
    //   layout-explain paths, needs macOS 11 and iOS 14 (Mac Catalyst 14);
    // - ReferenceKit's `MainActor.assumeIsolated` needs macOS 10.15 and iOS 13, below that.
    // Without `platforms:` SwiftPM compiles for macOS 10.13 and iOS 12, where neither builds.
    platforms: [.macOS(.v11), .iOS(.v14), .macCatalyst(.v14)],
    products: [
        // The library LLDB injects into the process being debugged.
        .library(name: "LayoutDebugSupport", type: .dynamic, targets: ["LayoutDebugSupport"]),
        // `assertNoLayoutTraps(in:)` for an app's test target (links XCTest; never injected).
        .library(name: "LayoutLintXCTest", targets: ["LayoutLintXCTest"]),
        .executable(name: "layout-demo", targets: ["layout-demo"]),
        .executable(name: "layout-explain", targets: ["layout-explain"]),
    ],
    dependencies: [
        .package(path: "ReferenceKit"),
    ],
    targets: [
        .target(
            name: "LayoutDebugSupport",
            dependencies: [
                // On Linux, libReferenceKit.so already holds the solver, so the
                // Cassowary module comes through it: a second link against
                // libCassowary.so would put two copies of the solver in the process.
                // On Apple platforms UIKit stands in for ReferenceKit, and the
                // solver (needed by the explainer) comes from its own dynamic product.
                .product(name: "ReferenceKit", package: "ReferenceKit", condition: .when(platforms: [.linux])),
                .product(name: "Cassowary", package: "ReferenceKit", condition: .when(platforms: applePlatforms)),
            ],
            swiftSettings: raceChecks,
            // Rounding goes to libm, which Swift only links for us through Foundation.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(
            name: "LayoutLintXCTest",
            dependencies: [
                "LayoutDebugSupport",
                .product(name: "ReferenceKit", package: "ReferenceKit", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "DemoScenarios",
            dependencies: [.product(name: "ReferenceKit", package: "ReferenceKit")]
        ),
        .executableTarget(name: "layout-demo", dependencies: ["DemoScenarios"]),
        .executableTarget(name: "layout-explain", dependencies: ["LayoutDebugSupport"]),
        // A scenario run with the in-app monitor and a backlog, as a debug build would.
        .executableTarget(name: "layout-monitor-demo", dependencies: ["DemoScenarios", "LayoutDebugSupport"]),
        // bench/report/run.sh: times the in-process descent report over many-views N.
        .executableTarget(name: "lds-report-bench", dependencies: ["LayoutDebugSupport", "DemoScenarios"],
                          path: "bench/report/Sources/lds-report-bench"),
        // bench/origins/run.sh: building many-views N with origin capture off, then on.
        .executableTarget(name: "origins-bench", dependencies: ["LayoutDebugSupport", "DemoScenarios"],
                          path: "bench/origins/Sources/origins-bench"),
        // bench/loops/run.sh: a varied 1000-view screen with lloop's recorder unarmed, then armed
        // (DemoScenarios for ReferenceKit, as origins-bench, on every platform).
        .executableTarget(name: "loops-bench", dependencies: ["LayoutDebugSupport", "DemoScenarios"],
                          path: "bench/loops/Sources/loops-bench"),
        .testTarget(name: "LayoutDebugSupportTests", dependencies: ["LayoutDebugSupport", "DemoScenarios", "LayoutLintXCTest"],
                    swiftSettings: raceChecks),
        // The demo app's own test suite: its log is what `layout-explain --ci` is checked on.
        .testTarget(name: "DemoAppTests", dependencies: ["DemoScenarios", "LayoutLintXCTest",
                                                          .product(name: "ReferenceKit", package: "ReferenceKit")]),
    ],
    swiftLanguageModes: [.v5]
)
