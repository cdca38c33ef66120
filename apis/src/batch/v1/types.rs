// The types of this package (Job and what it needs) are ported here.
