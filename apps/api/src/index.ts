export { AppModule } from './app.module';
export { createApp, type CreatedApp } from './create-app';
