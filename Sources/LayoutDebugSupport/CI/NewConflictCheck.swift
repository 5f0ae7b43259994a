// MARK: - NewConflictCheck

/// What `assertNoNewLayoutConflicts` (`LayoutLintXCTest`) decides, without XCTest: which of the
/// conflicts a test caused its baseline lacks, each once, with its report and, when asked, its
/// picture. The same baseline file `layout-explain --ci` reads, so a conflict is new to both or
/// to neither.
public enum NewConflictCheck {
    /// One new conflict.
    public struct Finding: Sendable {
        /// Its signature.
        public let signature: String
        /// How many times the test caused it.
        public let count: Int
        /// The report `lbreak` prints for it, with the explainer's arithmetic.
        public let report: String
        /// The conflict drawn (`lbreak --pictures`), when pictures were asked for.
        public let svg: String?
    }

    /// The conflicts of `reports` whose signature `baseline` lacks, in the order first caused.
    ///
    /// - Parameter pictures: also draw each one.
    public static func findings(in reports: [ConflictMonitor.Report], baseline: ConflictBaseline,
                                pictures: Bool = false) -> [Finding] {
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
    public static func message(_ finding: Finding, baselinePath: String) -> String {
        "New Auto Layout conflict (\(finding.count)×), not in the baseline \(baselinePath):\n\(finding.signature)\n\n"
            + finding.report
            + "\nFix it, or, when it is expected, add it to the baseline (layout-explain --ci --write-baseline \(baselinePath) on the test log)."
    }
}
