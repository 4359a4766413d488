import BundleCheckKit
print(BundleCheckVersion.current)
