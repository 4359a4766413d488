import BundleCheckKit
enum FixturePlaceholder {}
