import ReferenceKit
public func demo() -> View { View() }
