// UIKit re-exports Foundation and CoreGraphics, so an app that imports UIKit has CGRect's
// members (`.zero`, `init(x:y:width:height:)`, `minX`). On Linux, Foundation itself defines
// the CG geometry types. On Apple platforms those members live in CoreGraphics' Swift overlay,
// which `import Foundation` does not always bring in (scripts/apple-sdk-check.sh found every
// such use unresolved against the macOS 13.3 SDK), so ReferenceKit re-exports it as UIKit does.
@_exported import Foundation
#if canImport(CoreGraphics)
@_exported import CoreGraphics
#endif
