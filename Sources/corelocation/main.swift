import LinuxCoreLocation
print("corelocation 0.1.0")
print(PackageResources.SampleTrack_gpx.count)
