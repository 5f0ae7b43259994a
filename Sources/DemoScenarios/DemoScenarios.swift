// Replaced by the demo scenarios.
import ReferenceKit
