import Foundation

/// A number as UIKit's descriptions print it: `%g`, so `94.3333`, `768`, `2.22507e-308`.
func formatNumber(_ value: CGFloat) -> String {
    let number = Double(value)
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(format: "%g", number)
}

/// A priority as descriptions print it: `250`, `999.5`.
func formatPriority(_ priority: UILayoutPriority) -> String {
    formatNumber(CGFloat(priority.rawValue))
}
