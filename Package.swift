// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "LinuxCoreLocation",
    products: [
        .library(name: "LinuxCoreLocation", targets: ["LinuxCoreLocation"]),
        .library(name: "LocationBlocks", targets: ["LocationBlocks"]),
        .library(name: "INTULocationManager", targets: ["INTULocationManager"]),
        .library(name: "NMEA0183", targets: ["NMEA0183"]),
        .library(name: "GPX", targets: ["GPX"]),
        .library(name: "GPSD", targets: ["GPSD"]),
        .library(name: "DBus", targets: ["DBus"]),
        .executable(name: "corelocation", targets: ["corelocation"]),
        .executable(name: "corelocation-bench", targets: ["corelocation-bench"]),
    ],
    targets: [
        // What the modules share without making it public API (not a product, so no user can import it): the lock
        // wrapper, the civil-date day count, the reconnect delay, the silence rule's epoch intervals, the accuracy
        // of Apple's "best" sentinels, the digit, timestamp and line writers of the encoders. It depends on nothing,
        // so the leaf modules stay usable alone. Its `@inlinable` declarations are `public`, the rest `package`:
        // Swift 6.3 does not inline `@inlinable package` code into other modules (nor specialise it), which made
        // every lock turn and every digit written a call (issue 30).
        .target(name: "LocationSupport"),
        // Leaf modules: parsers and protocol clients, usable alone.
        .target(name: "NMEA0183", dependencies: ["LocationSupport"]),
        .target(name: "GPX", dependencies: ["LocationSupport"]),
        .target(name: "GPSD", dependencies: ["LocationSupport"]),
        .target(name: "DBus"),
        // The mirror of Apple's CoreLocation.
        .target(name: "LinuxCoreLocation", dependencies: ["LocationSupport", "NMEA0183", "GPX", "GPSD", "DBus"]),
        // The extension layer, built only on the mirror's public API (and the package's shared lock and rules).
        .target(name: "LocationBlocks", dependencies: ["LinuxCoreLocation", "LocationSupport"]),
        // INTULocationManager's Swift names over LocationBlocks' requests, for code written for that pod.
        .target(name: "INTULocationManager", dependencies: ["LocationBlocks"]),
        // The command-line tool.
        .executableTarget(
            name: "corelocation",
            dependencies: ["LinuxCoreLocation", "LocationBlocks", "LocationSupport", "NMEA0183", "GPX", "GPSD"],
            resources: [.embedInCode("Resources/SampleTrack.gpx")]
        ),
        // README.md's programs, whole: `swift run example-tracker`, `swift run example-where-am-i`.
        .executableTarget(name: "example-tracker", dependencies: ["LinuxCoreLocation"], path: "Examples/Tracker"),
        .executableTarget(
            name: "example-where-am-i", dependencies: ["LinuxCoreLocation", "LocationBlocks"],
            path: "Examples/WhereAmI"),
        // A program with an async main, for the tests of where callbacks arrive under Swift concurrency.
        .executableTarget(
            name: "async-main-probe", dependencies: ["LinuxCoreLocation"], path: "Tests/Programs/AsyncMainProbe"),
        // The benchmarks (release mode): throughput, blocks overhead, fan-out, memory, release, gpsd latency.
        .executableTarget(
            name: "corelocation-bench",
            dependencies: ["LinuxCoreLocation", "LocationBlocks", "LocationSupport", "NMEA0183", "DBus"]),

        // Test support shared by the test targets: finding ../shared/data under the skip-or-fail rule, and what tests
        // of every module use without the mirror (UncheckedBox).
        .target(name: "SharedTestSupport", dependencies: ["LocationSupport"], path: "Tests/SharedTestSupport"),
        // Test support of the mirror's users: a manager made on a callback queue. Apart from SharedTestSupport, so that
        // the leaf modules' tests stay free of the mirror, as the modules are.
        .target(name: "MirrorTestSupport", dependencies: ["LinuxCoreLocation"], path: "Tests/MirrorTestSupport"),
        .testTarget(name: "NMEA0183Tests", dependencies: ["NMEA0183", "SharedTestSupport"]),
        .testTarget(name: "GPXTests", dependencies: ["GPX", "SharedTestSupport"]),
        .testTarget(name: "GPSDTests", dependencies: ["GPSD", "SharedTestSupport"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "SharedTestSupport"]),
        .testTarget(
            name: "LinuxCoreLocationTests",
            dependencies: ["LinuxCoreLocation", "SharedTestSupport", "MirrorTestSupport", "async-main-probe"]),
        .testTarget(name: "LocationBlocksTests", dependencies: ["LocationBlocks", "SharedTestSupport"]),
        // End-to-end tests that run the built `corelocation` executable.
        .testTarget(
            name: "corelocationTests",
            dependencies: [
                "corelocation", "example-tracker", "example-where-am-i", "GPX", "SharedTestSupport",
                "MirrorTestSupport",
            ]),
        // Code written the way iOS apps write it, compiled unchanged.
        .testTarget(name: "CompatibilityTests", dependencies: ["LinuxCoreLocation", "SharedTestSupport"]),
        // Code written the way Swift apps use INTULocationManager, compiled unchanged, and the pod's own tests.
        .testTarget(name: "INTUCompatibilityTests", dependencies: ["INTULocationManager", "SharedTestSupport"]),
        // Code written the way Swift apps use the CLLocationManager-blocks pod, compiled unchanged.
        .testTarget(
            name: "PodCompatibilityTests", dependencies: ["LinuxCoreLocation", "LocationBlocks", "SharedTestSupport"]),
    ]
)

// Every target: Swift 6 language mode, warnings are errors.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .treatAllWarnings(as: .error),
        ]
}
