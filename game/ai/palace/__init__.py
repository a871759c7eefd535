"""palace engine"""
