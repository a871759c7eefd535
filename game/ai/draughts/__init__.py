"""draughts engine"""
