import Cassowary
public final class View { public init() {}; public let p = Probe() }
