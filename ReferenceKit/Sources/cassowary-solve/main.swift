import Cassowary
import Foundation

// cassowary-solve: solves linear systems given as JSON and prints the verdicts and values as
// JSON. The differential test against kiwisolver drives it
// (Tests/python/test_solver_differential.py).
//
// Input (stdin, or the file named by the first argument):
//   {"systems": [{"variables": 3,
//                 "constraints": [{"terms": [[0, 1.0], [1, -2.0]], "constant": 4.0,
//                                  "op": "<=", "priority": 1000}, …]}, …]}
// Each constraint is `Σ coefficient·x[index] + constant  op  0`; priority 1000 is required.
// Constraints are added in order; the first rejected one stops the system.
//
// Output: {"results": [{"rejected": null | index, "values": [x0, x1, …],
//                       "ambiguous": [bool, …],
//                       "certificate": null | {"entries": [[index, multiplier], …], "constant": c}}]}

/// One parsed system: its variables and constraints in input order.
struct System {
    let variables: [Variable]
    let constraints: [Constraint]
}

/// Reads one system from its JSON object.
func parseSystem(_ object: [String: Any]) throws -> System {
    let count = object["variables"] as? Int ?? 0
    let variables = (0..<count).map { Variable("x\($0)") }
    let items = object["constraints"] as? [[String: Any]] ?? []
    let constraints = try items.enumerated().map { index, item -> Constraint in
        let pairs = item["terms"] as? [[Double]] ?? []
        let terms = pairs.map { Term(variable: variables[Int($0[0])], coefficient: $0[1]) }
        let expression = Cassowary.Expression(terms: terms, constant: item["constant"] as? Double ?? 0)
        let relation: Relation
        switch item["op"] as? String {
        case "<=": relation = .lessThanOrEqual
        case "==": relation = .equal
        case ">=": relation = .greaterThanOrEqual
        default: throw ToolError.badInput("constraint \(index): op must be <=, == or >=")
        }
        let priority = item["priority"] as? Double ?? 1000
        return Constraint(expression, relation, strength: Strength(priority: priority), label: "c\(index)")
    }
    return System(variables: variables, constraints: constraints)
}

/// Adds the constraints of `system` in order and describes the outcome.
func solve(_ system: System) throws -> [String: Any] {
    let solver = Solver()
    var rejected: Any = NSNull()
    var certificate: Any = NSNull()
    for (index, constraint) in system.constraints.enumerated() {
        do {
            try solver.addConstraint(constraint)
        } catch SolverError.unsatisfiable(_, let proof) {
            rejected = index
            let positions = Dictionary(uniqueKeysWithValues: system.constraints.enumerated().map { ($1, $0) })
            certificate = [
                "entries": proof.entries.map { [positions[$0.constraint]!, $0.multiplier] as [Any] },
                "constant": proof.constant,
            ] as [String: Any]
            break
        }
    }
    return [
        "rejected": rejected,
        "values": system.variables.map { solver.value(of: $0) },
        "ambiguous": system.variables.map { solver.isAmbiguous($0) },
        "certificate": certificate,
    ]
}

/// A malformed input.
enum ToolError: Error, CustomStringConvertible {
    case badInput(String)

    var description: String {
        switch self {
        case .badInput(let detail): return "bad input: \(detail)"
        }
    }
}

do {
    let arguments = CommandLine.arguments
    let data = arguments.count > 1
        ? try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        : FileHandle.standardInput.readDataToEndOfFile()
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
          let systems = root["systems"] as? [[String: Any]] else {
        throw ToolError.badInput("expected {\"systems\": [...]}")
    }
    let results = try systems.map { try solve(try parseSystem($0)) }
    let output = try JSONSerialization.data(withJSONObject: ["results": results])
    FileHandle.standardOutput.write(output)
    FileHandle.standardOutput.write("\n".data(using: .utf8)!)
} catch {
    FileHandle.standardError.write("cassowary-solve: \(error)\n".data(using: .utf8)!)
    exit(1)
}
