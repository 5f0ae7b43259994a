// MARK: - FrontWindow

/// The window a command starts from when none is named.
///
/// On a Mac the app's key window is `nil` while the debugger has the focus: after a
/// breakpoint stop, the user is typing in Terminal or Xcode, and no window of the app is key.
/// Its main window usually still is main; failing that, the first window on screen.
enum FrontWindow {
    /// The key window, else the main window, else the first visible window, else the first.
    static func choose<Window>(key: Window?, main: Window?, windows: [Window],
                               isVisible: (Window) -> Bool) -> Window? {
        key ?? main ?? windows.first(where: isVisible) ?? windows.first
    }
}
