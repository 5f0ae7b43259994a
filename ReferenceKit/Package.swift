// swift-tools-version:6.0
// 6.0, not 5.9: the code uses typed throws and Swift 6.0 standard-library API
// (`Optional.take()`, typed-throws `Result`), so Xcode 16 (Swift 6.0) or later is
// needed, and saying 5.9 would let Xcode 15 start a build that cannot finish. Since
// April 2025 the App Store takes only apps built with Xcode 16 or later, so in 2026
// every user who ships has it. The code is still compiled in the Swift 5 language
// mode, as before: the move to Swift 6's strict concurrency checking is its own step.
import PackageDescription

// ReferenceKit is a separate package on purpose: SwiftPM links a target of the
// same package statically into every image that uses it, so the demo app and the
// injected LayoutDebugSupport would each get their own copy of the view classes,
// and `as? UIView` on a pointer from the other image would fail. A `.dynamic`
// product taken from a dependency package is linked as one shared object.
let package = Package(
    name: "ReferenceKit",
    // `MainActor.assumeIsolated` needs macOS 10.15 and iOS 13; the versions are the
    // main package's, so that one deployment target holds for everything a Mac builds.
    platforms: [.macOS(.v11), .iOS(.v14), .macCatalyst(.v14)],
    products: [
        .library(name: "ReferenceKit", type: .dynamic, targets: ["ReferenceKit"]),
        .library(name: "Cassowary", type: .dynamic, targets: ["Cassowary"]),
    ],
    targets: [
        // Rounding goes to libm, which Swift only links for us through Foundation.
        .target(name: "Cassowary", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "ReferenceKit", dependencies: ["Cassowary"],
                linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // Solver tools: cassowary-solve (JSON system in, values out; the differential test
        // drives it) and solver-bench (bench/solver/run.sh).
        .executableTarget(name: "cassowary-solve", dependencies: ["Cassowary"]),
        .executableTarget(name: "solver-bench", dependencies: ["Cassowary"]),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
        .testTarget(name: "ReferenceKitTests", dependencies: ["ReferenceKit"]),
    ],
    swiftLanguageModes: [.v5]
)
