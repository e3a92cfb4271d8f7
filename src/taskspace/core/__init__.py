"""Infrastructure every stage uses: settings, errors, resources, spec files, progress, the registry
helper, words."""
