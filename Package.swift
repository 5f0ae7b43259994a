// swift-tools-version:6.0
// 6.0, not 5.9: the code uses typed throws and Swift 6.0 standard-library API
// (`Optional.take()`, typed-throws `Result`), so Xcode 16 (Swift 6.0) or later is
// needed, and saying 5.9 would let Xcode 15 start a build that cannot finish. Since
// April 2025 the App Store takes only apps built with Xcode 16 or later, so in 2026
// every user who ships has it. The code is still compiled in the Swift 5 language
// mode, as before: the move to Swift 6's strict concurrency checking is its own step.
import PackageDescription

let applePlatforms: [Platform] = [.macOS, .iOS, .macCatalyst, .tvOS, .visionOS]

let package = Package(
    name: "LayoutDebug",
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
        .testTarget(name: "LayoutDebugSupportTests", dependencies: ["LayoutDebugSupport", "DemoScenarios", "LayoutLintXCTest"]),
    ],
    swiftLanguageModes: [.v5]
)
