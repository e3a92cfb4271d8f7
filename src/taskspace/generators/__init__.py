"""Task generators, one package per family of tasks; the registry of kinds."""
