import BundleCheckFixtures
print("fixtures")
