print("layout-explain: not built yet")
