public final class Probe { public init() {} ; public func hi() -> Int { 1 } }
