import Foundation

// MARK: - NewConflictCheck

/// What `assertNoNewLayoutConflicts` (`LayoutLintXCTest`) decides, without XCTest: which of the
/// conflicts a test caused its baseline lacks, each once, with its report and, when asked, its
/// picture. The same baseline file `layout-explain --ci` reads, so a conflict is new to both or
/// to neither.
public enum NewConflictCheck {
    /// One failure to record.
    public struct Failure: Sendable {
        /// The failure's message: what is new, to which baseline, its report, what to do; or
        /// why the baseline cannot be used, in one line.
        public let message: String
        /// The new conflict's report (the one `lbreak` prints), to attach; `nil` for a baseline
        /// that cannot be used.
        public let report: String?
        /// The conflict drawn (`lbreak --pictures`), when pictures were asked for.
        public let svg: String?
    }

    /// The failures `reports` make against the baseline file at `path`: one per signature the
    /// baseline lacks, in the order first caused, or one for a baseline that cannot be used.
    ///
    /// - Parameter pictures: also draw each new conflict.
    public static func failures(of reports: [ConflictMonitor.Report], baselinePath path: String,
                                pictures: Bool = false) -> [Failure] {
        let baseline: ConflictBaseline
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                return [Failure(message: "\(path): no such file (write one with layout-explain --ci --write-baseline \(path))",
                                report: nil, svg: nil)]
            }
            baseline = try ConflictBaseline(reading: data)
        } catch {
            return [Failure(message: "\(path): \(error.description)", report: nil, svg: nil)]
        }
        return findings(in: reports, baseline: baseline, pictures: pictures).map { finding in
            Failure(message: message(finding, baselinePath: path), report: finding.report, svg: finding.svg)
        }
    }

    /// One new conflict.
    struct Finding {
        let signature: String
        /// How many times the test caused it.
        let count: Int
        /// The report `lbreak` prints for it, with the explainer's arithmetic.
        let report: String
        let svg: String?
    }

    /// The conflicts of `reports` whose signature `baseline` lacks, in the order first caused.
    static func findings(in reports: [ConflictMonitor.Report], baseline: ConflictBaseline, pictures: Bool) -> [Finding] {
        let known = baseline.signatures
        var order: [String] = []
        var first: [String: ConflictMonitor.Report] = [:]
        var counts: [String: Int] = [:]
        for report in reports where !known.contains(report.signature) {
            if first[report.signature] == nil {
                first[report.signature] = report
                order.append(report.signature)
            }
            counts[report.signature, default: 0] += 1
        }
        return order.map { signature in
            let report = first[signature]!
            let svg = pictures ? SVGPicture.svg(PictureScenes.conflict(report.conflict,
                                                                        reason: ConflictExplainer.explain(report.conflict).reason,
                                                                        framesNote: "computed from the constraints")) : nil
            return Finding(signature: signature, count: counts[signature] ?? 1, report: report.text, svg: svg)
        }
    }

    /// The failure message of one finding: what is new, to which baseline, the report, and what
    /// to do when the conflict is expected.
    static func message(_ finding: Finding, baselinePath: String) -> String {
        "New Auto Layout conflict (\(finding.count)×), not in the baseline \(baselinePath):\n\(finding.signature)\n\n"
            + finding.report
            + "\nFix it, or, when it is expected, add it to the baseline (layout-explain --ci --write-baseline \(baselinePath) on the test log)."
    }
}
