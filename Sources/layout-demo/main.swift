import DemoScenarios
print("layout-demo: no scenarios yet")
