import Foundation
import Testing

/// Type-checks pod-style client code that declares the update block's error as `NSError?` against the modules this
/// test was built with, and checks the compiler's answer.
///
/// Swift imports the pod's `NSError *error` as `Error?`, so such a closure does not compile against the pod on iOS
/// either; Swift 6.3 there fails with "failed to produce diagnostic for expression". Here it must fail with a
/// message that says what to write. A closure declaring `error: Error?` is the control: it must compile.
struct NSErrorClosureDiagnosticTests {
    /// A compiler's run: its exit status and what it wrote.
    struct Run {
        var status: Int32
        var output: String
    }

    /// The parameters of the closures tried: `NSError?` with both forms of the stop flag, for both starts.
    static let closures = [
        "startUpdatingLocation(update: { (manager: CLLocationManager?, location: CLLocation?, error: ERROR,"
            + " stopUpdating: UnsafeMutablePointer<ObjCBool>?) in })",
        "startUpdatingLocation { (manager: CLLocationManager?, location: CLLocation?, error: ERROR,"
            + " stopUpdating: UnsafeMutablePointer<ObjCBool>) -> Void in stopUpdating.pointee = true }",
        "startUpdatingHeading(update: { (manager: CLLocationManager?, heading: CLHeading?, error: ERROR,"
            + " stopUpdating: UnsafeMutablePointer<ObjCBool>?) in })",
    ]

    @Test(arguments: closures)
    func anNSErrorParameterGetsAMessageSayingWhatToWrite(_ call: String) throws {
        let rejected = try Self.typecheck(call.replacingOccurrences(of: "ERROR", with: "NSError?"))
        #expect(rejected.status != 0)
        #expect(
            rejected.output.contains("is unavailable: the block's error is 'Error?': declare 'error: Error?'"),
            "\(rejected.output)")
        #expect(!rejected.output.contains("failed to produce diagnostic"))

        let control = try Self.typecheck(call.replacingOccurrences(of: "ERROR", with: "Error?"))
        #expect(control.status == 0, "\(control.output)")
    }

    /// Type-checks `call`, made on a manager, in a file that imports the pod's replacement as a client does.
    static func typecheck(_ call: String) throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "NSErrorClosure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("Client.swift")
        let code =
            "import LinuxCoreLocation\nimport LocationBlocks\n\nfunc start(_ manager: CLLocationManager) {\n"
            + "    manager.\(call)\n}\n"
        try code.write(to: source, atomically: true, encoding: .utf8)
        // The test executable sits beside the modules it was built with.
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("Modules")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift-frontend", "-typecheck", "-I", modules.path, "-module-cache-path",
            directory.appendingPathComponent("cache").path, source.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: text)
    }
}
