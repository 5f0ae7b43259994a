import DemoScenarios
print(demo())
