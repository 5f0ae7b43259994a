import Foundation
import XCTest

/// `layout-explain --symbolicate` on a backlog the monitor demo really wrote: each
/// `made at <image frames …>` marker becomes the line of Sources/DemoScenarios that made
/// the constraint, with llvm-symbolizer and with LLDB.
final class LayoutExplainSymbolicateTests: XCTestCase {
    /// The folder `swift test` built the products into, next to the test bundle.
    private func buildDirectory(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try BuiltTool.directory(holding: ["layout-explain", "layout-monitor-demo"], file: file, line: line)
    }

    private func run(_ tool: String, _ arguments: [String], stdin: String = "",
                     environment: [String: String] = [:]) throws -> BuiltTool.Run {
        try BuiltTool.run(tool, arguments, stdin: stdin, environment: environment)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbolicate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    // MARK: - The storm's source, read to know which line made what

    private static let stormPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/DemoScenarios/ConflictStorm.swift")

    /// The `made at` line expected for the code `snippet` of ConflictStorm.swift: its
    /// 1-based line number, and the enclosing function as `name(label:)`.
    private func expectedLine(making snippet: String) throws -> String {
        let lines = try String(contentsOf: Self.stormPath, encoding: .utf8).components(separatedBy: "\n")
        let matches = lines.indices.filter { lines[$0].contains(snippet) }
        XCTAssertEqual(matches.count, 1, "\(snippet) should be on one line of ConflictStorm.swift")
        let index = try XCTUnwrap(matches.first)
        // `static func duplicateWidth(in row: UIView) {` gives `duplicateWidth(in:)`.
        let declaration = try XCTUnwrap(lines[..<index].last { $0.contains(" func ") })
        let afterFunc = declaration.components(separatedBy: " func ")[1]
        let name = afterFunc.prefix { $0 != "(" }
        let parameters = afterFunc.dropFirst(name.count + 1).prefix { $0 != ")" }
        let labels = parameters.split(separator: ",").map { $0.split(separator: " ")[0] + ":" }.joined()
        return "made at ConflictStorm.swift:\(index + 1) in \(name)(\(labels))"
    }

    /// What made a constraint of the storm's reports, from how the report prints it.
    private func expectedLine(for constraint: String) throws -> String {
        if constraint.contains("(NSAutoresizingMaskLayoutConstraint") { return "made at ? (made by the system)" }
        if constraint.hasSuffix(".width == 100.0") { return try expectedLine(making: "box.widthAnchor.constraint(equalToConstant: 100)") }
        if constraint.hasSuffix(".width == 120.0") { return try expectedLine(making: "box.widthAnchor.constraint(equalToConstant: 120)") }
        if constraint.contains(".leading + 50.0") || constraint.contains(".leading + 80.0") {
            return try expectedLine(making: "NSLayoutConstraint.constraints(withVisualFormat:")
        }
        if constraint.contains(".centerX == ") { return try expectedLine(making: "label.centerXAnchor.constraint(equalTo: row.centerXAnchor)") }
        XCTFail("no known code makes \(constraint)")
        return ""
    }

    /// Writes the storm's backlog with origins, symbolicates it, and checks every line.
    private func assertBacklogSymbolicated(environment: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = try temporaryFolder()
        let backlog = folder.appendingPathComponent("backlog.jsonl").path
        let demo = try run("layout-monitor-demo", ["--backlog", backlog, "--origins", "conflict-storm", "3"])
        XCTAssertEqual(demo.status, 0, demo.err, file: file, line: line)
        let original = try String(contentsOfFile: backlog, encoding: .utf8)
        XCTAssertTrue(original.contains("made at <image frames layout-monitor-demo+0x"), original, file: file, line: line)

        let result = try run("layout-explain", ["--symbolicate", try buildDirectory().path, backlog], environment: environment)
        XCTAssertEqual(result.status, 0, result.err, file: file, line: line)
        XCTAssertEqual(result.err, "", file: file, line: line)
        XCTAssertFalse(result.out.contains("<image frames"), result.out, file: file, line: line)
        let records = result.out.split(separator: "\n")
        XCTAssertEqual(records.count, 3, result.out, file: file, line: line)
        var checked = 0, symbolicated = 0
        for record in records {
            // Still a backlog: every line is a JSON object with its report.
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
            let report = try XCTUnwrap(object["report"] as? String).components(separatedBy: "\n")
            for index in report.indices.dropFirst() where report[index].contains("made at") {
                let constraint = report[index - 1].trimmingCharacters(in: .whitespaces)
                let expected = try expectedLine(for: constraint)
                XCTAssertEqual(report[index].trimmingCharacters(in: .whitespaces), expected, constraint, file: file, line: line)
                checked += 1
                if expected.hasPrefix("made at ConflictStorm.swift:") { symbolicated += 1 }
            }
        }
        // Each conflict's broken constraint and its list: 3 + 3 + 5 lines; the three
        // autoresizing constraints are the system's.
        XCTAssertEqual(checked, 11, result.out, file: file, line: line)
        XCTAssertEqual(symbolicated, 8, result.out, file: file, line: line)
    }

    func test_backlog_namesTheLineThatMadeEachConstraint() throws {
        try assertBacklogSymbolicated(environment: [:])
    }

    func test_backlog_withLLDB_namesTheSameLines() throws {
        try assertBacklogSymbolicated(environment: ["LAYOUT_EXPLAIN_SYMBOLIZER": "lldb"])
    }

    // MARK: - What cannot be symbolicated

    func test_missingDirectory_isAOneLineError() throws {
        let result = try run("layout-explain", ["--symbolicate", "/nonexistent/dSYMs", "-"], stdin: "made at <image frames App+0x10>\n")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "layout-explain: --symbolicate /nonexistent/dSYMs: No such file or directory\n")
        let missingFile = try run("layout-explain", ["--symbolicate", try buildDirectory().path, "/nonexistent/backlog.jsonl"])
        XCTAssertEqual(missingFile.status, 2)
        XCTAssertEqual(missingFile.err, "layout-explain: /nonexistent/backlog.jsonl: No such file or directory\n")
    }

    func test_noSymbolizerOnPath_isAOneLineError() throws {
        let result = try run("layout-explain", ["--symbolicate", try buildDirectory().path, "-"],
                             stdin: "made at <image frames App+0x10>\n", environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "layout-explain: --symbolicate needs llvm-symbolizer or lldb on PATH\n")
    }

    /// An image the folder lacks is named, with the symbol the monitor recorded; framework
    /// frames before it are passed over. Inside a JSON string (a backlog line, indented
    /// JSON) the folder's quotes are escaped; in plain text they are not.
    func test_imageMissingFromTheFolder_saysSo_withTheRecordedSymbol() throws {
        let folder = try temporaryFolder().appendingPathComponent("dSYMs \"beta 3\"")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let marker = "made at <image frames libswiftCore.so+0x10 UIKitCore+0x2f00 MyShop+0x1f2a($s6MyShop4CartC9layoutRowyyF) MyShop+0x400>"
        let text = "  1. <UIView:0x1>.width == 100.0\n     \(marker)\n"
        let record = "{\"report\":\"\(text.replacingOccurrences(of: "\n", with: "\\n"))\"}\n"
        let indented = "{\n  \"count\": 2,\n  \"report\": \"\(marker)\"\n}\n"
        let result = try run("layout-explain", ["--symbolicate", folder.path, "-"], stdin: text + record + indented)
        XCTAssertEqual(result.status, 0, result.err)
        let expected = "made at ? (no binary for MyShop in \(folder.path)) in layoutRow()"
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[1], "     " + expected)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: String])
        XCTAssertEqual(object["report"], "  1. <UIView:0x1>.width == 100.0\n     \(expected)\n")
        let document = lines[3...].joined(separator: "\n")
        let indentedObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any], document)
        XCTAssertEqual(indentedObject["report"] as? String, expected)
    }

    // MARK: - Universal (fat) dSYMs

    /// A thin 64-bit Mach-O of `cpuType`: a `mach_header_64` and one `LC_SEGMENT_64` named
    /// `__TEXT` at 0x100000000, little-endian as `<mach-o/loader.h>` lays them out.
    private func thinMachO(cpuType: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        func word(_ value: UInt32) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
        func quad(_ value: UInt64) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
        word(0xFEED_FACF); word(cpuType); word(3); word(2)  // magic, cputype, cpusubtype, MH_EXECUTE
        word(1); word(72); word(0); word(0)                 // ncmds, sizeofcmds, flags, reserved
        word(0x19); word(72)                                // LC_SEGMENT_64, cmdsize
        bytes += Array("__TEXT".utf8) + [UInt8](repeating: 0, count: 10)
        quad(0x1_0000_0000); quad(0x1000); quad(0); quad(104)  // vmaddr, vmsize, fileoff, filesize
        word(5); word(5); word(0); word(0)                  // maxprot, initprot, nsects, flags
        return bytes
    }

    /// A universal file around `slices`, each at a 4 KiB boundary: `fat_header` and `fat_arch`
    /// (or `fat_arch_64`) entries, big-endian as `<mach-o/fat.h>` says they are always written.
    private func fat(_ slices: [(cpuType: UInt32, bytes: [UInt8])], is64: Bool) -> [UInt8] {
        var header: [UInt8] = []
        func word(_ value: UInt32) { header += withUnsafeBytes(of: value.bigEndian, Array.init) }
        func field(_ value: UInt64) {
            if is64 { header += withUnsafeBytes(of: value.bigEndian, Array.init) } else { word(UInt32(value)) }
        }
        word(is64 ? 0xCAFE_BABF : 0xCAFE_BABE)
        word(UInt32(slices.count))
        for (index, slice) in slices.enumerated() {
            word(slice.cpuType); word(3)
            field(UInt64(0x1000 * (index + 1))); field(UInt64(slice.bytes.count))
            word(12)  // align: 2^12
            if is64 { word(0) }  // reserved
        }
        var file = header
        for (index, slice) in slices.enumerated() {
            file += [UInt8](repeating: 0, count: 0x1000 * (index + 1) - file.count) + slice.bytes
        }
        return file
    }

    /// What `--symbolicate` says of a frame in `MyShop` when the folder's `MyShop` holds `bytes`.
    private func madeAtLine(forBinary bytes: [UInt8]) throws -> String {
        let folder = try temporaryFolder()
        try Data(bytes).write(to: folder.appendingPathComponent("MyShop"))
        let result = try run("layout-explain", ["--symbolicate", folder.path, "-"],
                             stdin: "made at <image frames MyShop+0x10($s6MyShop4CartC9layoutRowyyF)>\n")
        XCTAssertEqual(result.status, 0, result.err)
        return result.out.trimmingCharacters(in: .newlines)
    }

    func test_universalDSYMs_ofBothFatHeaders_areReadAsBinaries() throws {
        let arm64: UInt32 = 0x0100_000C, x86_64: UInt32 = 0x0100_0007
        let slices = [(arm64, thinMachO(cpuType: arm64)), (x86_64, thinMachO(cpuType: x86_64))]
        let thin = try madeAtLine(forBinary: thinMachO(cpuType: x86_64))
        XCTAssertFalse(thin.contains("is not an ELF or Mach-O binary"), thin)
        for is64 in [false, true] {
            let line = try madeAtLine(forBinary: fat(slices.map { (cpuType: $0.0, bytes: $0.1) }, is64: is64))
            // Read as the thin file is: the slice's __TEXT found, the symbolizer asked.
            XCTAssertEqual(line, thin, "fat_arch\(is64 ? "_64" : "")")
        }
    }

    func test_aJavaClassFile_isStillNotABinary() throws {
        // 0xCAFEBABE opens a class file too; its next word is a version, not a slice count.
        let line = try madeAtLine(forBinary: [0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x34] + [UInt8](repeating: 0, count: 64))
        XCTAssertTrue(line.hasSuffix("MyShop is not an ELF or Mach-O binary) in layoutRow()"), line)
    }

    func test_textWithoutImageMarkers_passesThroughUnchanged() throws {
        let text = """
            Conflict #1: Unable to simultaneously satisfy constraints in UIViewController
              @1000 <UIView:0x1>.width == 120.0
                made at <frames #1 0x55d0c0a1 0x55d0c0b2>
                made at ? (made by the system)
                made at <image frames not a frame
            {"report":"made at <image frames>"} – déjà vu \u{0} after a NUL byte
            """
        let result = try run("layout-explain", ["--symbolicate", try buildDirectory().path, "-"], stdin: text)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, text)
    }

    func test_help_showsTheMode() throws {
        let help = try run("layout-explain", ["--help"])
        XCTAssertTrue(help.out.contains("layout-explain --symbolicate .build/debug conflicts.jsonl"), help.out)
        XCTAssertTrue(help.out.contains("LAYOUT_EXPLAIN_SYMBOLIZER=lldb"), help.out)
    }
}
