"""Differential test of our Cassowary solver against kiwisolver.

Random small systems, required-only and single-tier weighted (kiwi adds strengths up while we
rank tiers, so the two agree only within one tier), are solved by both. For each system:

- the verdict is the same: both accept every constraint, or both first reject the same one;
- when both accept, every required constraint holds in our solution and our weighted error
  equals kiwi's (the optimum value is unique even when the optimum point is not);
- every variable whose optimal value is unique takes the same value in both, within 1e-6, and
  our solver does not call it ambiguous. Uniqueness is decided on kiwi's side, independently
  of our solver: the variable is pulled up and then down by a constraint far too weak to trade
  against anything real, and it is unique when it does not move;
- every rejection carries a certificate that checks by arithmetic: the multipliers cancel
  every variable, leave a positive constant, and have Farkas signs for inequalities.

The Swift tool is `cassowary-solve` (ReferenceKit/Sources/cassowary-solve). Set
CASSOWARY_SOLVE to a built binary to skip the build, or CASSOWARY_SCRATCH to build it in
another scratch directory than ReferenceKit/.build.
"""
import json
import os
import pathlib
import random
import subprocess

import kiwisolver
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
REQUIRED = 1000.0
SYSTEMS_PER_MODE = 200
PULL = 1e-4          # strength of the uniqueness probe, per unit of the system's tier weight:
                     # far below any real trade-off (≥ weight · (0.5/3)³), far above kiwi's 1e-8
PULL_DISTANCE = 1000.0
COEFFICIENTS = [-3, -2, -1, -0.5, 0.5, 1, 2, 3]


# MARK: - The tool

@pytest.fixture(scope="module")
def solve_tool():
    """Path of a fresh cassowary-solve binary."""
    explicit = os.environ.get("CASSOWARY_SOLVE")
    if explicit:
        return explicit
    package = ROOT / "ReferenceKit"
    scratch = pathlib.Path(os.environ.get("CASSOWARY_SCRATCH", package / ".build"))
    subprocess.run(["swift", "build", "--package-path", str(package), "--scratch-path", str(scratch),
                    "--product", "cassowary-solve"], check=True, stdout=subprocess.DEVNULL)
    return str(scratch / "debug" / "cassowary-solve")


def run_tool(tool, systems):
    out = subprocess.run([tool], input=json.dumps({"systems": systems}), text=True,
                         stdout=subprocess.PIPE, check=True).stdout
    return json.loads(out)["results"]


# MARK: - Random systems

def random_system(rng, weighted):
    """A system of 1-5 variables and 1-7 constraints with small coefficients."""
    n = rng.randint(1, 5)
    tier = rng.choice([1.0, 250.0, 500.0, 750.0, 999.0])
    constraints = []
    for _ in range(rng.randint(1, 7)):
        chosen = rng.sample(range(n), rng.randint(1, min(n, 3)))
        constraints.append({
            "terms": [[i, float(rng.choice(COEFFICIENTS))] for i in chosen],
            "constant": float(rng.randint(-20, 20)),
            "op": rng.choice(["<=", "==", ">="]),
            "priority": tier if weighted and rng.random() < 0.6 else REQUIRED,
        })
    return {"variables": n, "constraints": constraints}


# MARK: - kiwisolver side

class SplitVariable:
    """A variable given to kiwi as `p - q` with required `p >= 0`, `q >= 0`.

    kiwisolver only ever enters a symbol whose objective coefficient is negative and skips
    external basic rows in its ratio test, so a free user variable that ends up non-basic in
    the objective is never decreased (and aborts with "The objective is unbounded" when it
    should be increased). Splitting keeps every kiwi variable basic, expressed over slacks,
    which kiwi optimises correctly; the feasible set is unchanged."""

    def __init__(self, solver, name):
        self.p = kiwisolver.Variable(name + "+")
        self.q = kiwisolver.Variable(name + "-")
        solver.addConstraint(self.p >= 0)
        solver.addConstraint(self.q >= 0)
        self.expression = self.p - self.q

    def value(self):
        return self.p.value() - self.q.value()


def kiwi_constraint(variables, c):
    expr = sum((coef * variables[i] for i, coef in c["terms"]), c["constant"])
    relation = {"<=": expr <= 0, "==": expr == 0, ">=": expr >= 0}[c["op"]]
    return relation | ("required" if c["priority"] >= REQUIRED else c["priority"])


def kiwi_solve(system, extra=None):
    """Adds the constraints in order, stopping at the first rejection.

    Returns (rejected index or None, values). `extra(variables)` may add one more constraint."""
    solver = kiwisolver.Solver()
    split = [SplitVariable(solver, "x%d" % i) for i in range(system["variables"])]
    variables = [v.expression for v in split]
    for index, c in enumerate(system["constraints"]):
        try:
            solver.addConstraint(kiwi_constraint(variables, c))
        except kiwisolver.UnsatisfiableConstraint:
            solver.updateVariables()
            return index, [v.value() for v in split]
    if extra is not None:
        solver.addConstraint(extra(variables))
    solver.updateVariables()
    return None, [v.value() for v in split]


def unique_variables(system, values):
    """Indices of the variables whose optimal value is unique, or None if kiwi crashed.

    kiwisolver aborts the process on some of these probes ("The objective is unbounded", an
    InternalSolverError that Python cannot catch), so the probes run in a forked child."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        os.close(2)
        os.write(write_end, json.dumps(probe_uniqueness(system, values)).encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        answer = pipe.read()
    _, status = os.waitpid(pid, 0)
    return json.loads(answer) if status == 0 and answer else None


def probe_uniqueness(system, values):
    """Indices of the variables whose optimal value is unique, decided with kiwi alone."""
    pull = PULL * min(c["priority"] for c in system["constraints"])
    unique = []
    for i, value in enumerate(values):
        moved = []
        for target in (value + PULL_DISTANCE, value - PULL_DISTANCE):
            _, pulled = kiwi_solve(system, lambda vs, i=i, t=target: (vs[i] == t) | pull)
            moved.append(pulled[i])
        if abs(moved[0] - moved[1]) <= 1e-7:
            unique.append(i)
    return unique


# MARK: - Checks

def residual(c, values):
    return sum(coef * values[i] for i, coef in c["terms"]) + c["constant"]


def violation(c, values):
    r = residual(c, values)
    return {"<=": max(0.0, r), ">=": max(0.0, -r), "==": abs(r)}[c["op"]]


def weighted_error(system, values):
    return sum(violation(c, values) for c in system["constraints"] if c["priority"] < REQUIRED)


def check_certificate(system, result):
    cert = result["certificate"]
    assert cert is not None, "rejection without certificate"
    entries = cert["entries"]
    assert result["rejected"] in [index for index, _ in entries], "certificate misses the rejected constraint"
    combined = [0.0] * system["variables"]
    constant = 0.0
    for index, multiplier in entries:
        c = system["constraints"][index]
        assert index <= result["rejected"]
        assert c["priority"] >= REQUIRED, "non-required constraint in a certificate"
        assert multiplier != 0
        if c["op"] == "<=":
            assert multiplier > 0, "Farkas sign of <= must be positive"
        if c["op"] == ">=":
            assert multiplier < 0, "Farkas sign of >= must be negative"
        for i, coef in c["terms"]:
            combined[i] += multiplier * coef
        constant += multiplier * c["constant"]
    assert all(abs(x) <= 1e-6 for x in combined), "variables do not cancel: %r" % combined
    assert abs(constant - cert["constant"]) <= 1e-6
    assert constant > 1e-9, "certificate constant must be positive, got %r" % constant


def compare(system, ours):
    """Asserts every property in the module docstring for one system; returns counters."""
    rejected, kiwi_values = kiwi_solve(system)
    assert ours["rejected"] == rejected, "verdicts differ: ours %r kiwi %r" % (ours["rejected"], rejected)
    if rejected is not None:
        check_certificate(system, ours)
        return {"rejected": 1}
    values = ours["values"]
    for c in system["constraints"]:
        if c["priority"] >= REQUIRED:
            assert violation(c, values) <= 1e-6, "required constraint violated: %r" % c
    ours_error, kiwi_error = weighted_error(system, values), weighted_error(system, kiwi_values)
    assert abs(ours_error - kiwi_error) <= 1e-6 * (1 + abs(kiwi_error)), \
        "optimum differs: ours %r kiwi %r" % (ours_error, kiwi_error)
    unique = unique_variables(system, kiwi_values)
    if unique is None:
        return {"accepted": 1, "kiwi_crashed": 1}
    for i in unique:
        assert abs(values[i] - kiwi_values[i]) <= 1e-6, \
            "x%d: ours %r kiwi %r" % (i, values[i], kiwi_values[i])
        assert not ours["ambiguous"][i], "x%d is unique but reported ambiguous" % i
    # The other direction is not a contract (a degenerate vertex can hide an alternative
    # optimum), so it is only counted.
    free = [i for i in range(len(values)) if i not in unique]
    return {"accepted": 1, "unique": len(unique), "variables": len(values),
            "free": len(free), "free_reported_ambiguous": sum(ours["ambiguous"][i] for i in free)}


# MARK: - Tests

@pytest.mark.parametrize("weighted", [False, True], ids=["required", "single_tier_weighted"])
def test_randomSystems_matchKiwi_verdictValuesAndCertificates(solve_tool, weighted):
    seeds = range(SYSTEMS_PER_MODE)
    systems = [random_system(random.Random(seed * 2 + int(weighted)), weighted) for seed in seeds]
    results = run_tool(solve_tool, systems)
    totals = {}
    for seed, system, ours in zip(seeds, systems, results):
        try:
            counts = compare(system, ours)
        except AssertionError as failure:
            raise AssertionError("seed %d: %s\nsystem: %s\nours: %s"
                                 % (seed, failure, json.dumps(system), json.dumps(ours))) from None
        for key, value in counts.items():
            totals[key] = totals.get(key, 0) + value
    print("totals", totals)
    # The generator must exercise both verdicts and unique values, or the test proves little.
    assert totals.get("rejected", 0) >= 10 and totals.get("accepted", 0) >= 50
    assert totals.get("unique", 0) >= 40


def test_kiwi52Sequence_acceptedByOursAfterRemoval(solve_tool):
    """x >= 10, then x <= 5 is rejected with a two-constraint certificate."""
    system = {"variables": 1, "constraints": [
        {"terms": [[0, 1.0]], "constant": -10.0, "op": ">=", "priority": REQUIRED},
        {"terms": [[0, 1.0]], "constant": -5.0, "op": "<=", "priority": REQUIRED}]}
    [ours] = run_tool(solve_tool, [system])
    assert ours["rejected"] == 1 and ours["values"] == [10]
    check_certificate(system, ours)
