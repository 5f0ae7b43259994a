// swift-tools-version:5.9
import PackageDescription

// ReferenceKit is a separate package on purpose: SwiftPM links a target of the
// same package statically into every image that uses it, so the demo app and the
// injected LayoutDebugSupport would each get their own copy of the view classes,
// and `as? UIView` on a pointer from the other image would fail. A `.dynamic`
// product taken from a dependency package is linked as one shared object.
let package = Package(
    name: "ReferenceKit",
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
    ]
)
