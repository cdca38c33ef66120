// The types of this package (Deployment and what it needs) are ported here.
