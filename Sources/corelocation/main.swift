import LinuxCoreLocation
print("corelocation 0.1.0")
