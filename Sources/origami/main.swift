import CraftCore
import Foundation

print("origami: the command line is not built yet")
