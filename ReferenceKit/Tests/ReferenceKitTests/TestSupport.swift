import Foundation
import XCTest
@testable import ReferenceKit

/// `0x…` for an object, as descriptions print it.
func hex(_ object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), radix: 16)
}

/// A standalone root view, 375×667, which hosts its own engine.
@MainActor
func makeRoot() -> UIView {
    UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
}

/// A subview of `parent` laid out by constraints.
@MainActor
func makeChild(of parent: UIView) -> UIView {
    makeChild(of: parent, UIView())
}

/// `child`, added to `parent` and laid out by constraints.
@MainActor
@discardableResult
func makeChild<View: UIView>(of parent: UIView, _ child: View) -> View {
    child.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(child)
    return child
}

/// One conflict as the engine hook saw it.
struct SeenConflict {
    let host: UIView
    let broken: NSLayoutConstraint
    let list: [NSLayoutConstraint]
}

/// Records every conflict reported while `body` runs, through the public hook,
/// and silences the log on stderr.
@MainActor
func recordConflicts(_ body: () -> Void) -> [SeenConflict] {
    var seen: [SeenConflict] = []
    let restore = installWillBreakHook { host, broken, list in
        seen.append(SeenConflict(host: host, broken: broken, list: list))
    }
    _ = captureStandardError(body)
    restore()
    return seen
}

/// Puts `hook` in front of the engine host's "will break constraint" method, as a
/// debugger library's swizzle does: the hook runs, then the implementation it replaced
/// (the log and the alert). Returns what puts the replaced implementation back.
@MainActor
func installWillBreakHook(_ hook: @escaping (UIView, NSLayoutConstraint, [NSLayoutConstraint]) -> Void) -> () -> Void {
    var replaced: WillBreakConstraintImplementation?
    let replacement = WillBreakConstraintImplementation { view, engine, broken, list in
        hook(view, broken, list)
        replaced?.body(view, engine, broken, list)
    }
    replaced = ReferenceKitDebugHooks.setWillBreakConstraintImplementation(replacement)
    return { if let replaced { ReferenceKitDebugHooks.setWillBreakConstraintImplementation(replaced) } }
}

/// What `body` writes to stderr (file descriptor 2).
func captureStandardError(_ body: () -> Void) -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rk-stderr-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try! FileHandle(forWritingTo: file)
    let saved = dup(2)
    dup2(handle.fileDescriptor, 2)
    body()
    dup2(saved, 2)
    close(saved)
    try? handle.close()
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(at: file)
    return text
}

/// Asserts a frame, with the failing line reported at the caller.
@MainActor
func assertFrame(_ view: UIView, _ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat,
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(view.frame, CGRect(x: x, y: y, width: width, height: height), file: file, line: line)
}

/// Runs a test body on the main actor. XCTest on Linux calls test methods on
/// the main thread but cannot call `@MainActor` methods, so each test enters
/// the actor here.
func onMain(_ body: @MainActor () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
    MainActor.assumeIsolated {
        do { try body() } catch { XCTFail("\(error)", file: file, line: line) }
    }
}

/// Runs `body` on the main thread of a child process, which must die of a signal;
/// returns what it wrote to stderr.
func textOfChildThatDies(_ body: @MainActor () -> Void, file: StaticString = #filePath, line: UInt = #line) -> String {
    var pipe: [Int32] = [0, 0]
    XCTAssertEqual(Glibc.pipe(&pipe), 0, file: file, line: line)
    let child = fork()
    if child == 0 {
        dup2(pipe[1], 2)
        MainActor.assumeIsolated { body() }
        _exit(0)
    }
    close(pipe[1])
    var status: Int32 = 0
    waitpid(child, &status, 0)
    var text = ""
    var bytes = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(pipe[0], &bytes, bytes.count)
        if count <= 0 { break }
        text += String(decoding: bytes.prefix(count), as: UTF8.self)
    }
    close(pipe[0])
    XCTAssertNotEqual(status & 0x7f, 0, "the child must die of a signal, not exit", file: file, line: line)
    return text
}
