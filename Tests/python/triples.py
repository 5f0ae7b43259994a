"""The triples LLDB gives each kind of target (Xcode 15's LLDB spelling), shared by the tests."""

MAC = "arm64-apple-macosx14.0.0"
SIMULATOR = "arm64-apple-ios17.0.0-simulator"
CATALYST = "x86_64-apple-ios14.0-macabi"
DEVICE = "arm64-apple-ios17.0.0"
LINUX = "x86_64-unknown-linux-gnu"
