"""banqi engine"""
