"""The hypothesis worksheet students fill in while they play."""
