import CCups
